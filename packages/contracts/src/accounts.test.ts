import { describe, expect, it } from "vitest";
import {
  LoginRequest,
  NewPassword,
  PASSWORD_MESSAGES,
  PASSWORD_RULES,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordProblems,
  UpdateAccountRequest,
} from "./accounts.ts";

describe("password rules", () => {
  it("carry the docs/accounts.md#passwords texts", () => {
    expect(PASSWORD_RULES.map((r) => r.message).slice(0, 5)).toEqual([
      "The password must be eight characters or longer",
      "The password must contain at least 1 lowercase alphabetical character",
      "The password must contain at least 1 uppercase alphabetical character",
      "The password must contain at least 1 numeric character",
      "The password must contain at least one special character",
    ]);
  });

  it("use the ASCII punctuation set as special characters", () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(passwordProblems(`Abcdefg1${c}`)).toEqual([]);
    expect(passwordProblems("Abcdefg1 ")).toEqual([PASSWORD_MESSAGES.special]);
    expect(passwordProblems("Abcdefg1€")).toEqual([PASSWORD_MESSAGES.special]);
  });

  it("report each broken rule", () => {
    expect(passwordProblems("")).toEqual([
      PASSWORD_MESSAGES.minLength,
      PASSWORD_MESSAGES.lowercase,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.digit,
      PASSWORD_MESSAGES.special,
    ]);
    expect(passwordProblems(`Aa1!${"x".repeat(125)}`)).toEqual([PASSWORD_MESSAGES.maxLength]);
    expect(passwordProblems(`Aa1!${"x".repeat(124)}`)).toEqual([]);
  });

  it("NewPassword turns them into zod issues", () => {
    const r = NewPassword.safeParse("abcdefgh");
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.digit,
      PASSWORD_MESSAGES.special,
    ]);
  });
});

describe("account schemas", () => {
  it("login needs an email username and a password; rememberMe defaults to false", () => {
    expect(LoginRequest.parse({ username: " a@b.co ", password: "x" })).toEqual({
      username: "a@b.co",
      password: "x",
      rememberMe: false,
    });
    expect(LoginRequest.safeParse({ username: "nope", password: "x" }).success).toBe(false);
  });

  it("account updates take only the editable fields: any other is refused, by name", () => {
    expect(UpdateAccountRequest.parse({ bio: "hi" })).toEqual({ bio: "hi" });
    const parsed = UpdateAccountRequest.safeParse({ bio: "hi", roles: ["ROLE_ADMIN"], email: "x@y.z" });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ code: "unrecognized_keys", keys: ["roles", "email"] }),
    ]);
  });
});
