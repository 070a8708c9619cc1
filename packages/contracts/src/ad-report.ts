/** "Report this ad" (ADS.md §1.13): its reasons, alone in their module for the dialog that offers them. */
export const AD_REPORT_REASONS = ["MISLEADING", "OFFENSIVE", "SCAM", "OTHER"] as const;
export type AdReportReason = (typeof AD_REPORT_REASONS)[number];
export const AD_REPORT_REASON_LABELS: Record<AdReportReason, string> = {
  MISLEADING: "Misleading",
  OFFENSIVE: "Offensive",
  SCAM: "Scam or malware",
  OTHER: "Other",
};
