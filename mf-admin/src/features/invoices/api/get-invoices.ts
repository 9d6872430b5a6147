import { AdminInvoicesResponse } from "@contracts/invoices.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { type ListQuery, listPath } from "../../../lib/admin-list";
import { useListPages } from "../../../lib/admin-list-query";

/** One page of invoices matching `query` (month, customer), after `cursor`. */
export const getInvoicePage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/invoices", query, cursor), AdminInvoicesResponse, { signal });

/** Every invoice, receipt and credit note, newest first, a page at a time. */
export const useInvoicePages = (query: ListQuery) =>
  useListPages(queryKeys.invoices.admin, getInvoicePage, query);
