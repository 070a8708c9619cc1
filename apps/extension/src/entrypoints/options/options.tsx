import { PAGE_HASH_PREFIX_LENGTH } from "@flipside/contracts/page-hash";
import { useEffect, useId, useState } from "react";
import { browser } from "wxt/browser";
import { Logo } from "../../components/brand.tsx";
import { ORIGIN } from "../../lib/server.ts";
import { onSettingsChanged, readSettings, type Settings, writeSettings } from "../../lib/storage.ts";

/** The extension's settings and what it tells Flipside (docs/extension.md#privacy). */
export function Options() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [shortcut, setShortcut] = useState<string | null>(null);
  const badgesId = useId();

  useEffect(() => {
    void readSettings().then(setSettings);
    void browser.commands.getAll().then((commands) => {
      const open = commands.find((c) => c.name === "_execute_action" || c.name === "_execute_sidebar_action");
      setShortcut(open?.shortcut || null);
    });
    return onSettingsChanged(setSettings);
  }, []);

  const host = new URL(ORIGIN).host;
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-8 px-6 py-10">
      <header className="flex items-center gap-3">
        <Logo />
        <h1 className="font-semibold text-2xl tracking-tight">Flipside settings</h1>
      </header>

      <section className="flex flex-col gap-3" aria-labelledby={`${badgesId}-heading`}>
        <h2 id={`${badgesId}-heading`} className="font-semibold text-lg">
          Comment counts
        </h2>
        <label htmlFor={badgesId} className="flex items-start gap-3">
          <input
            id={badgesId}
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            disabled={settings === null}
            checked={settings?.badges ?? false}
            onChange={(event) => {
              const next = { badges: event.currentTarget.checked };
              setSettings(next);
              void writeSettings(next);
            }}
          />
          <span>
            Show how many comments a page has on the toolbar button
            <span className="block text-neutral-600 text-sm dark:text-neutral-400">
              Turned off, Flipside hears nothing from this browser until you open it on a page.
            </span>
          </span>
        </label>
      </section>

      <section className="flex flex-col gap-3">
        <h2 className="font-semibold text-lg">What Flipside learns</h2>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-neutral-700 dark:text-neutral-300">
          <li>
            <strong>Counting comments tells Flipside no address.</strong> For the page in a tab, the extension
            works out a fingerprint of its address (SHA-256) on your computer and sends only its first{" "}
            {PAGE_HASH_PREFIX_LENGTH} characters — one in 65,536 of all the addresses there are share them.{" "}
            {host} answers with the counts of every discussed page that shares them, and the extension finds
            yours among them here. No cookie goes with it, so it is not tied to your account.
          </li>
          <li>
            <strong>Opening Flipside on a page sends its address</strong> — that is how it shows you what
            people say about that page. You choose when: the toolbar button, the shortcut, the page's or a
            link's menu.
          </li>
          <li>
            <strong>A quick note sends the text you selected</strong> and the page's address, to save them as
            a private note only you can see.
          </li>
          <li>
            The extension talks to {host} and nothing else, runs no code from anywhere but itself, and reads
            no page you visit beyond its address and, when you ask for a note, your selection.
          </li>
        </ul>
      </section>

      <section className="flex flex-col gap-2">
        <h2 className="font-semibold text-lg">Keyboard</h2>
        <p className="text-neutral-700 dark:text-neutral-300">
          {shortcut ? (
            <>
              <kbd className="rounded border border-neutral-300 px-1.5 py-0.5 font-mono text-sm dark:border-neutral-700">
                {shortcut}
              </kbd>{" "}
              opens Flipside for the page you are on.
            </>
          ) : (
            "No shortcut is set to open Flipside."
          )}{" "}
          {import.meta.env.FIREFOX
            ? "Change it in Firefox's Add-ons Manager: Manage Extension Shortcuts."
            : "Change it at chrome://extensions/shortcuts."}
        </p>
      </section>
    </main>
  );
}
