/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Id of this build, put in by the build-manifest plugin of vite.config.ts. */
  readonly VITE_BUILD_ID?: string;
}
