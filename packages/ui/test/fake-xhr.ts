// The upload XHR's test double is api-client's (sendMultipart lives there); the drop helpers are the ui widgets' own.
export { FakeXhr, installFakeXhr } from '../../api-client/test/fake-xhr.js';

/** The dataTransfer of a drop of these files (what react-dropzone reads). */
export function dropOf(files: File[]) {
  return {
    dataTransfer: {
      files,
      items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
      types: ['Files'],
    },
  };
}

export const fileOf = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
