import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PartyJourney } from '@brokerage/contracts';

/**
 * Serves a stand-in of another service on a free loopback port and points `envVar` (say LISTINGS_URL) at it until
 * close(), which puts the variable back as it was and drops every open connection.
 */
export async function listenAsUpstream(server: http.Server, envVar: string): Promise<{ url: string; close: () => Promise<void> }> {
  const saved = process.env[envVar];
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env[envVar] = url;
  return {
    url,
    close: () =>
      new Promise<void>((r) => {
        if (saved === undefined) delete process.env[envVar];
        else process.env[envVar] = saved;
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A journey whose cursor is at `currentStep`, every earlier step completed (what listings answers after them). */
export const journeyAt = (currentStep: number): PartyJourney => ({ currentStep, completedSteps: Array.from({ length: currentStep }, (_, i) => i) });
