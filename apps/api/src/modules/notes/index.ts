/** What other features may use of notes: the viewer's notes of a list of pages. */
export { notesOfPage, notesOfPages } from "./notes.service.ts";
