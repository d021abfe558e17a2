/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when the web app is not served by the server itself (empty = same origin). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
