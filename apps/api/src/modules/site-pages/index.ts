/** Site pages' public surface: the list presentation other modules reuse (search results). */
export { createSitePagesService, type SitePagesService } from "./site-pages.service.ts";
