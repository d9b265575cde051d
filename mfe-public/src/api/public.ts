import { apiFetch, authApi } from '@brokerage/api-client';
import type {
  AvailableListingsResponse,
  CallbackRequest,
  ContactMessage,
  LoginResponse,
  NdaSubmission,
  RegistrationPayload,
} from '@brokerage/contracts';

/** Public calls of spec part 1 §7 (paths relative to the API base). */
export const publicApi = {
  login: (email: string, password: string): Promise<LoginResponse> => authApi.login({ email, password }),
  register: (payload: RegistrationPayload) => authApi.register(payload),
  requestReset: (email: string) => authApi.requestReset({ email }),
  confirmReset: (token: string, newPassword: string) => authApi.confirmReset({ token, newPassword }),
  callbackRequest: (body: CallbackRequest) =>
    apiFetch('/callback-request', { method: 'POST', json: body }),
  contactMessage: (body: ContactMessage) =>
    apiFetch('/auth/contact-message', { method: 'POST', json: body }),
  availableListings: () => apiFetch<AvailableListingsResponse>('/auth/available-listings'),
  ndaSubmit: (body: NdaSubmission) => apiFetch('/auth/nda-submit', { method: 'POST', json: body }),
};
