/** What other features may use of attachments: the stored files of a person's uploads. */
export { storageKeysOfOwner } from "./attachments.repository.ts";
