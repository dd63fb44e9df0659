/** Where the sample calls live and what validate's form fields are called; zod-free, so the web page loads no zod. */

/** The multipart fields of validate: the recording and, when logged out, the nickname. */
export const SAMPLE_FIELDS = { audio: 'fileKey', username: 'username' } as const;

export const SAMPLE_PATHS = {
  enabled: '/api/requests/recording/enabled',
  validate: '/api/requests/recording/validate',
  create: '/api/requests/recording/create',
  capture: '/api/requests/recording/capture',
  replay: '/api/requests/flip/replay',
  /** GET …/{id}/audio?key=: the recording, for admins and the overlay key */
  audio: (id: number) => `/api/requests/recording/${id}/audio`,
} as const;
