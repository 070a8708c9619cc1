import { MAX_PAGE_SIZE } from "@flipside/contracts/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { z } from "zod";

export const MAX_PAGE = 1_000_000;
export const MAX_SORT_ITEMS = 5;
export const MAX_SORT_ITEM_LENGTH = 100;
export const MAX_SEARCH_AND_LENGTH = 4000;

const sortItem = z.string().max(MAX_SORT_ITEM_LENGTH);

/**
 * zod schema for list query strings: page (0-based int ≥0, default 0, max 1,000,000), size
 * (1..100, default given), sort (string | string[], each ≤ 100 chars, at most 5), searchAnd
 * (≤ 4,000 chars). Query strings arrive as text, hence the coercion.
 */
export function listQuery(defaultSize: number) {
  return z.object({
    page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0).describe("0-based page number"),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize).describe("Items per page"),
    sort: z
      .union([sortItem, z.array(sortItem).max(MAX_SORT_ITEMS)])
      .optional()
      .describe("Repeatable `field,asc|desc`"),
    searchAnd: z
      .string()
      .max(MAX_SEARCH_AND_LENGTH)
      .optional()
      .describe("Comma-separated conditions that must all hold: field==v, field!=v, field||v, >=, <=, >, <"),
  });
}

export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

export interface ListResult<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** OFFSET for a page; page and size are already bounded by `listQuery`. */
export function pageOffset(q: { page: number; size: number }): number {
  return q.page * q.size;
}

/**
 * Sets X-Total-Count and an RFC 8288 Link header (first, prev, next, last) built from the
 * request URL. Links are relative references (resolved against the request URL per RFC 8288)
 * so a spoofed Host header never ends up in them; all other query parameters are kept.
 */
export function setListHeaders(
  reply: FastifyReply,
  request: FastifyRequest,
  r: { total: number; page: number; size: number },
): void {
  reply.header("x-total-count", String(r.total));
  const key = `${r.total}/${r.page}/${r.size}/${request.url}`;
  let header = linkHeaders.get(key);
  if (header === undefined) {
    header = linkHeader(request.url, r);
    linkHeaders.set(key, header);
  }
  reply.header("link", header);
}

// A busy list is asked for with the same URL over and over; building its links (URL parsing
// and four query strings) was a sixth of the CPU of a cached comments page.
const linkHeaders = new LRUCache<string, string>({ max: 2_000 });

function linkHeader(requestUrl: string, r: { total: number; page: number; size: number }): string {
  const url = new URL(requestUrl, "http://placeholder.invalid");
  const last = Math.max(0, Math.ceil(r.total / r.size) - 1);
  const link = (page: number, rel: string) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(page));
    params.set("size", String(r.size));
    return `<${url.pathname}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(0, "first")];
  if (r.page > 0) links.push(link(Math.min(r.page - 1, last), "prev"));
  if (r.page < last) links.push(link(r.page + 1, "next"));
  links.push(link(last, "last"));
  return links.join(", ");
}
