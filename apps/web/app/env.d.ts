/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Id of this build, put in by the build-manifest plugin of vite.config.ts. */
  readonly VITE_BUILD_ID?: string;
  /** Address of the icon sprite, put in by the icon-sprite plugin (icon-sprite.ts). */
  readonly VITE_ICON_SPRITE?: string;
}
