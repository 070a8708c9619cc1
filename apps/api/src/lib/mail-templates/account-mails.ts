/**
 * The account mails: a subject, a plain-text body and an HTML body each. Every value put
 * into the HTML is escaped; links are built by the caller from the configured public origin.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = "Flipside";

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

export interface Block {
  paragraphs: string[];
  /** A list of links, each with a line quoted under it (a digest's notifications). */
  items?: { text: string; url: string; quote?: string | null }[];
  action?: { label: string; url: string };
  after?: string[];
}

export function render(subject: string, greeting: string, block: Block): MailContent {
  const text = [
    greeting,
    "",
    ...block.paragraphs.flatMap((p) => [p, ""]),
    ...(block.items ?? []).flatMap((i) => [
      `- ${i.text}`,
      ...(i.quote ? [`  “${i.quote}”`] : []),
      `  ${i.url}`,
      "",
    ]),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ""] : []),
    ...(block.after ?? []).flatMap((p) => [p, ""]),
    `— ${PRODUCT}`,
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = block.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.action.url)}" style="background:#6d28d9;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(block.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(block.action.url)}">${escapeHtml(block.action.url)}</a></p>`
    : "";
  const items = block.items?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${block.items
        .map(
          (i) =>
            `<li style="margin:0 0 12px"><a href="${escapeHtml(i.url)}">${escapeHtml(i.text)}</a>${i.quote ? `<br><span style="color:#555">“${escapeHtml(i.quote)}”</span>` : ""}</li>`,
        )
        .join("")}</ul>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${p(greeting)}
${block.paragraphs.map(p).join("\n")}
${items}
${button}
${(block.after ?? []).map(p).join("\n")}
<p style="margin:32px 0 0;color:#555">— ${PRODUCT}</p>
</body></html>`;
  return { subject, text, html };
}

export const hello = (name: string) => `Hello ${name},`;

export function activationMail(p: { displayName: string; link: string }): MailContent {
  return render(`Activate your ${PRODUCT} account`, hello(p.displayName), {
    paragraphs: [`Welcome to ${PRODUCT}! Please confirm that this is your address to activate your account.`],
    action: { label: "Activate my account", url: p.link },
    after: ["If you did not create an account, ignore this mail: nothing will happen."],
  });
}

/** Sent instead of a second account when someone registers with an address already in use. */
export function registrationAttemptMail(p: { displayName: string; loginLink: string }): MailContent {
  return render(`Someone tried to register with your address on ${PRODUCT}`, hello(p.displayName), {
    paragraphs: [
      `Someone (perhaps you) tried to create a new ${PRODUCT} account with this address. You already have an account, so no new one was created.`,
    ],
    action: { label: "Log in", url: p.loginLink },
    after: [
      'Forgot your password? Choose "Forgot your password?" when you log in to set a new one.',
      "If it was not you, you can ignore this mail: your account is unchanged.",
    ],
  });
}

export function passwordResetMail(p: { displayName: string; link: string; validHours: number }): MailContent {
  return render(`Reset your ${PRODUCT} password`, hello(p.displayName), {
    paragraphs: [
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT} account. The link works once, for ${p.validHours} hours.`,
    ],
    action: { label: "Choose a new password", url: p.link },
    after: ["If you did not ask for this, ignore this mail: your password stays as it is."],
  });
}

export function passwordChangedMail(p: { displayName: string; loginLink: string }): MailContent {
  return render(`Your ${PRODUCT} password was changed`, hello(p.displayName), {
    paragraphs: [
      `The password of your ${PRODUCT} account was just changed, and every other session was signed out.`,
      `If that was not you, open ${p.loginLink} and choose "Forgot your password?" to set a new one right away.`,
    ],
  });
}
