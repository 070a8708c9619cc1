import type { CreateCustomTab, CustomTab, UpdateCustomTab } from "@flipside/contracts/custom-tabs";
import { api } from "../../lib/api.ts";

/** Changes to the person's tabs: only the tab form and the tabs page make them, so the page view does not carry them. */
export const customTabWrites = {
  create: (body: CreateCustomTab) => api.post<CustomTab>("/v1/custom-tabs", body),
  update: (id: string, body: UpdateCustomTab) => api.patch<CustomTab>(`/v1/custom-tabs/${id}`, body),
  remove: (id: string) => api.delete(`/v1/custom-tabs/${id}`),
  reorder: (ids: string[]) => api.put<CustomTab[]>("/v1/custom-tabs/order", { ids }),
};
