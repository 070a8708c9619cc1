import { z } from "zod";

/**
 * An address the server gives for a file it serves (an upload address, an attachment, an
 * avatar): a path on the server that answered, to resolve against the origin that was called;
 * or an absolute URL for a picture kept elsewhere. Never built from PUBLIC_ORIGIN, so a page
 * opened at another name of the server loads it from its own origin
 * (docs/decisions/022-files-and-mail-links-follow-the-origin.md).
 */
export const servedAddress = () =>
  z.string().describe("A path on this server (resolve it against the origin called), or an absolute URL.");
