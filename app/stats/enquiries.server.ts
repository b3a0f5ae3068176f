import type { AppLoadContext } from "react-router";
import type { EnquiryKind } from "./counter.server";
import { exclusionOf } from "./normalise";

/**
 * Count a stored enquiry (decision 0082): one call after the row is stored, from the request
 * that sent it. The page is the form's page (same-origin Referer), the source the same visitor's
 * entry referrer today. Staff testing a form are not counted; with Do Not Track (or a bot) the
 * enquiry counts, tied to no visit. Never throws.
 */
export async function countEnquiry(context: AppLoadContext, request: Request, kind: EnquiryKind): Promise<void> {
  const { stats, config } = context.services;
  const headers = Object.fromEntries(request.headers);
  const excluded = exclusionOf(headers);
  if (excluded === "staff") return;
  await stats.enquiry(kind, {
    referer: headers.referer,
    userAgent: headers["user-agent"] ?? "",
    address: context.clientIp,
    ownHosts: [new URL(config.SITE_URL).hostname.toLowerCase(), new URL(request.url).hostname.toLowerCase()],
    counted: excluded === null,
  });
}

/** The same, bound to one request: for code that stores the enquiry without seeing the request (createBooking's deps). */
export const enquiryCounter = (context: AppLoadContext, request: Request) => (kind: EnquiryKind) => countEnquiry(context, request, kind);
