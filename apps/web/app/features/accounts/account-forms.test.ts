import { PASSWORD_MESSAGES } from "@flipside/contracts/accounts";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../lib/api.ts";
import { ApiError as ApiErrorClass } from "../../lib/api.ts";
import {
  applyServerErrors,
  ForgotPasswordFormSchema,
  LoginFormSchema,
  notValidMessage,
  ResetPasswordFormSchema,
  SignupFormSchema,
} from "./account-forms.ts";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("login form (docs/accounts.md#passwords)", () => {
  it("accepts a valid email and any non-empty password, trimming the email", () => {
    const result = LoginFormSchema.safeParse({
      username: "  ana@example.com ",
      password: "x",
      rememberMe: true,
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ username: "ana@example.com", password: "x", rememberMe: true });
  });

  it('says "{field} is not valid." for a bad email and an empty password', () => {
    const result = LoginFormSchema.safeParse({ username: "ana@", password: "", rememberMe: false });
    expect(messages(result)).toEqual(["username: Email is not valid.", "password: Password is not valid."]);
  });
});

describe("forgot-password form", () => {
  it("needs a valid email, with the default message", () => {
    expect(messages(ForgotPasswordFormSchema.safeParse({ mail: "not an email" }))).toEqual([
      `mail: ${notValidMessage("Email")}`,
    ]);
    expect(ForgotPasswordFormSchema.parse({ mail: "ana@example.com" })).toEqual({ mail: "ana@example.com" });
  });
});

describe("signup form", () => {
  const valid = { email: "ana@example.com", displayName: "Ana", password: "Str0ng!pass", invitationCode: "" };

  it("leaves out an empty invitation code and keeps a given one, trimmed", () => {
    expect(SignupFormSchema.parse(valid).invitationCode).toBeUndefined();
    expect(SignupFormSchema.parse({ ...valid, invitationCode: " WELCOME " }).invitationCode).toBe("WELCOME");
  });

  it("refuses an invitation code longer than the API takes", () => {
    expect(messages(SignupFormSchema.safeParse({ ...valid, invitationCode: "x".repeat(65) }))).toEqual([
      "invitationCode: Invitation code is not valid.",
    ]);
  });

  it("reports every broken password rule with its own message (docs/accounts.md#passwords)", () => {
    expect(messages(SignupFormSchema.safeParse({ ...valid, password: "abc" }))).toEqual([
      `password: ${PASSWORD_MESSAGES.minLength}`,
      `password: ${PASSWORD_MESSAGES.uppercase}`,
      `password: ${PASSWORD_MESSAGES.digit}`,
      `password: ${PASSWORD_MESSAGES.special}`,
    ]);
  });

  it("needs a display name", () => {
    expect(messages(SignupFormSchema.safeParse({ ...valid, displayName: "  " }))).toEqual([
      "displayName: Enter a display name",
    ]);
  });
});

describe("reset-password form", () => {
  it("applies the same password rules", () => {
    expect(ResetPasswordFormSchema.safeParse({ newPassword: "Str0ng!pass" }).success).toBe(true);
    expect(messages(ResetPasswordFormSchema.safeParse({ newPassword: "ALLUPPER1!" }))).toEqual([
      `newPassword: ${PASSWORD_MESSAGES.lowercase}`,
    ]);
  });
});

describe("applyServerErrors", () => {
  function problem(
    errors: { field: string; message: string }[] | undefined,
    detail = "Bad request",
  ): ApiError {
    return new ApiErrorClass({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail,
      ...(errors ? { errors } : {}),
    });
  }

  it("puts field errors on the form's fields, focusing only the first, and returns the rest", () => {
    const calls: [string, string, boolean][] = [];
    const leftover = applyServerErrors(
      problem([
        { field: "password", message: "Too common" },
        { field: "email", message: "Taken?" },
        { field: "captcha", message: "Solve it" },
      ]),
      ["email", "password"],
      (field, error, options) =>
        calls.push([String(field), error.message ?? "", options?.shouldFocus ?? false]),
    );
    expect(calls).toEqual([
      ["password", "Too common", true],
      ["email", "Taken?", false],
    ]);
    expect(leftover).toEqual(["Solve it"]);
  });

  it("returns the problem's detail when no field is named", () => {
    const leftover = applyServerErrors(problem(undefined, "Too many attempts."), ["email"], () => {
      throw new Error("no field should be set");
    });
    expect(leftover).toEqual(["Too many attempts."]);
  });
});
