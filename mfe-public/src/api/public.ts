import { apiFetch, authApi } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type {
  AvailableListingsResponse,
  CallbackRequest,
  ContactMessage,
  LoginResponse,
  NdaSubmission,
  RegistrationPayload,
} from '@brokerage/contracts';

/** Public calls of spec part 1 §7 (paths from contracts' route definitions). */
export const publicApi = {
  login: (email: string, password: string): Promise<LoginResponse> => authApi.login({ email, password }),
  register: (payload: RegistrationPayload) => authApi.register(payload),
  requestReset: (email: string) => authApi.requestReset({ email }),
  confirmReset: (token: string, newPassword: string) => authApi.confirmReset({ token, newPassword }),
  callbackRequest: (body: CallbackRequest) =>
    apiFetch(apiPath('POST', '/callback-request'), { method: 'POST', json: body }),
  contactMessage: (body: ContactMessage) =>
    apiFetch(apiPath('POST', '/auth/contact-message'), { method: 'POST', json: body }),
  availableListings: () => apiFetch<AvailableListingsResponse>(apiPath('GET', '/auth/available-listings')),
  ndaSubmit: (body: NdaSubmission) => apiFetch(apiPath('POST', '/auth/nda-submit'), { method: 'POST', json: body }),
};
