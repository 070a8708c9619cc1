import { describe, expect, it } from "vitest";
import { RegisterRequest, UpdateAccountRequest } from "./accounts.ts";
import { CreateComment, CreateReview } from "./discussion.ts";
import { hasForbiddenLineCharacters, hasForbiddenTextCharacters, TEXT_MESSAGES } from "./text.ts";

const HOSTILE = [
  "Ada\u202Egnp.exe",
  "Ada\u2066x\u2069",
  "Ada\u0007",
  "Ada\u001B[31m",
  "Ada\u0085",
  "Ada\u007F",
];
const PAGE = "0190a6f8-0000-7000-8000-000000000001";

describe("text others will read", () => {
  it("refuses control and text-direction characters in one-line texts, names first", () => {
    for (const name of [...HOSTILE, "Ada\nLovelace", "Ada\tL"]) {
      const parsed = RegisterRequest.safeParse({
        email: "a@example.com",
        password: "Correct-Horse-9",
        displayName: name,
      });
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ["displayName"], message: TEXT_MESSAGES.controlCharacters }),
      ]);
    }
  });

  it("keeps tabs and line breaks in texts of several lines, and refuses the rest", () => {
    const base = { sitePage_id: PAGE };
    expect(CreateComment.safeParse({ ...base, body: "Line one\nLine two\r\n\tIndented" }).success).toBe(true);
    for (const body of HOSTILE) {
      expect(CreateComment.safeParse({ ...base, body }).success, JSON.stringify(body)).toBe(false);
    }
    expect(
      CreateReview.safeParse({ ...base, sentiment: "POSITIVE", title: "Good\u202E", body: "Fine" }).error
        ?.issues[0]?.path,
    ).toEqual(["title"]);
    expect(UpdateAccountRequest.safeParse({ bio: "Hello\u202Eworld" }).success).toBe(false);
  });

  it("trims a one-line text before judging it: a pasted line break at its end goes", () => {
    const parsed = RegisterRequest.parse({
      email: "a@example.com",
      password: "Correct-Horse-9",
      displayName: " Ada\n",
    });
    expect(parsed.displayName).toBe("Ada");
  });

  it("accepts right-to-left writing and every script", () => {
    for (const text of ["مرحبا بالعالم", "שלום", "Zoë Ångström", "日本語", "emoji 🎉", "Ada\u200FLove"]) {
      expect(hasForbiddenLineCharacters(text), text).toBe(false);
      expect(hasForbiddenTextCharacters(text), text).toBe(false);
    }
  });
});
