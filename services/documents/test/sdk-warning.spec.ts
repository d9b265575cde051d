import { jest } from '@jest/globals';
import type { ServiceConfig } from '@brokerage/nest-common';
import { sdkTransport } from '../src/storage/sdk-upload.js';

/** The AWS SDK's Node-version notice is not printed at documents' start (Node 20 here, a pinned SDK version). */
describe('documents S3 client: no NodeVersionSupportWarning at start', () => {
  it('making the SDK client emits no warning on this Node version', () => {
    delete process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const config = { S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', S3_REGION: 'us-east-1' } as ServiceConfig;
      expect(sdkTransport(config)).not.toBeNull();
      expect(warn.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('NodeVersionSupportWarning'));
    } finally {
      warn.mockRestore();
    }
  });
});
