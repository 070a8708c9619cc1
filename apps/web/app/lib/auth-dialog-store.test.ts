import { afterEach, describe, expect, it, vi } from "vitest";
import { authDialogs, openLoginFromLink } from "./auth-dialog-store.ts";

afterEach(() => {
  authDialogs.close();
  vi.useRealTimers();
});

function click(overrides: Partial<Parameters<typeof openLoginFromLink>[0]> = {}) {
  const event = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    preventDefault: vi.fn(),
    ...overrides,
  };
  openLoginFromLink(event);
  return event;
}

describe("auth dialog store", () => {
  it("swaps views keeping the options it was opened with (docs/web-app.md)", () => {
    authDialogs.openLogin({ hideClose: true, redirectTo: "/profile" });
    authDialogs.show("forgot-password", "ana@example.com");
    expect(authDialogs.state).toEqual({
      view: "forgot-password",
      hideClose: true,
      redirectTo: "/profile",
      email: "ana@example.com",
    });
    authDialogs.show("login");
    expect(authDialogs.state.view).toBe("login");
    expect(authDialogs.state.email).toBe("ana@example.com");
    authDialogs.close();
    expect(authDialogs.state).toEqual({ view: null });
  });

  it("opens a fresh dialog without the options of the last one", () => {
    authDialogs.openLogin({ hideClose: true });
    authDialogs.openForgotPassword();
    expect(authDialogs.state).toEqual({ view: "forgot-password" });
  });
});

describe("openLoginFromLink", () => {
  it("turns a plain click into the dialog", () => {
    vi.useFakeTimers();
    const event = click();
    expect(event.preventDefault).toHaveBeenCalled();
    vi.runAllTimers();
    expect(authDialogs.state.view).toBe("login");
  });

  it.each([
    { button: 1 },
    { metaKey: true },
    { ctrlKey: true },
    { shiftKey: true },
    { defaultPrevented: true },
  ])("leaves %o to the browser", (overrides) => {
    vi.useFakeTimers();
    const event = click(overrides);
    expect(event.preventDefault).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(authDialogs.state.view).toBeNull();
  });
});
