import {
  LoginRequest,
  NewPassword,
  RegisterRequest,
  ResetPasswordInitRequest,
} from "@flipside/contracts/accounts";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { z } from "zod";
import type { ApiError } from "../../lib/api.ts";

/** docs/accounts.md#passwords: the message of a rule that has no message of its own. */
export function notValidMessage(field: string): string {
  return `${field} is not valid.`;
}

/**
 * A text field checked by a schema of the contracts (the server's own rule), reporting any
 * failure with the specification's default message. The value that comes out is the parsed one (trimmed).
 */
export function validBy(schema: z.ZodType<string, string>, field: string) {
  return z.string().transform((value, ctx) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: notValidMessage(field) });
    return z.NEVER;
  });
}

/** docs/accounts.md#passwords: login username must be a valid email, password at least one character. */
export const LoginFormSchema = z.object({
  username: validBy(LoginRequest.shape.username, "Email"),
  password: validBy(LoginRequest.shape.password, "Password"),
  rememberMe: z.boolean(),
});
export type LoginFormInput = z.input<typeof LoginFormSchema>;
export type LoginFormOutput = z.output<typeof LoginFormSchema>;

/** docs/accounts.md#passwords: forgot password takes a valid email (sent as `mail`, docs/accounts.md). */
export const ForgotPasswordFormSchema = z.object({
  mail: validBy(ResetPasswordInitRequest.shape.mail, "Email"),
});
export type ForgotPasswordFormInput = z.input<typeof ForgotPasswordFormSchema>;

const invitationCode = RegisterRequest.shape.invitationCode.unwrap();

/** Registration (docs/accounts.md): the password rules and messages (docs/accounts.md#passwords) come from contracts. */
export const SignupFormSchema = z.object({
  email: validBy(RegisterRequest.shape.email, "Email"),
  displayName: RegisterRequest.shape.displayName,
  password: NewPassword,
  invitationCode: z.string().transform((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === "") return undefined;
    if (invitationCode.safeParse(trimmed).success) return trimmed;
    ctx.addIssue({ code: "custom", message: notValidMessage("Invitation code") });
    return z.NEVER;
  }),
});
export type SignupFormInput = z.input<typeof SignupFormSchema>;
export type SignupFormOutput = z.output<typeof SignupFormSchema>;

export const ResetPasswordFormSchema = z.object({ newPassword: NewPassword });
export type ResetPasswordFormInput = z.input<typeof ResetPasswordFormSchema>;

/**
 * Puts the API's `errors[]` (RFC 9457 problem details) on the form's own fields and focuses the
 * first one. Returns the messages that belong to no field of this form, for a form-level alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string[] {
  const known = new Set<string>(fields);
  const leftover: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (known.has(field)) {
      setError(field as Path<T>, { type: "server", message }, { shouldFocus: !focused });
      focused = true;
    } else {
      leftover.push(message);
    }
  }
  if (!focused && leftover.length === 0) leftover.push(error.message);
  return leftover;
}

/** The usual react-hook-form settings of every account form (docs/accounts.md#passwords: blur and change, not input). */
export const FORM_MODE = { mode: "onBlur", reValidateMode: "onBlur", shouldFocusError: true } as const;
