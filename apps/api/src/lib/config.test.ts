import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, startupWarnings } from "../config.ts";

describe("loadConfig", () => {
  it("serves on port 3000 from ./data by default", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe("./data");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicOrigin).toBe("http://localhost:3000");
    expect(c.uploadDir).toBe("./data/uploads");
  });
  it("lists every wrong value at once", () => {
    try {
      loadConfig({ PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: "not a url" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const issues = (e as ConfigError).issues.join("\n");
      expect(issues).toContain("PORT");
      expect(issues).toContain("LOG_LEVEL");
      expect(issues).toContain("DATABASE_URL");
    }
  });
  it("requires a JWT secret in production with a database server", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x@localhost/db" })).toThrow(
      /JWT_SECRET/,
    );
  });
  it("takes extension origins, Firefox's by scheme, and refuses anything else there", () => {
    expect(
      loadConfig({ EXTENSION_ORIGINS: "chrome-extension://abcdefghijklmnop, moz-extension://*" })
        .EXTENSION_ORIGINS,
    ).toEqual(["chrome-extension://abcdefghijklmnop", "moz-extension://*"]);
    expect(() => loadConfig({ EXTENSION_ORIGINS: "https://evil.example" })).toThrow(/EXTENSION_ORIGINS/);
    expect(() => loadConfig({ EXTENSION_ORIGINS: "*" })).toThrow(/EXTENSION_ORIGINS/);
  });
  it("treats empty strings as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", SMTP_URL: "", SITE_VERIFICATION_HTTP_PORT: "" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SITE_VERIFICATION_HTTP_PORT).toBeUndefined();
  });
  it("refuses to start in production with website checks pointed at loopback", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SITE_VERIFICATION_HTTP_PORT: "8080" })).toThrow(
      /SITE_VERIFICATION_HTTP_PORT: tests only/,
    );
    expect(
      loadConfig({ NODE_ENV: "test", SITE_VERIFICATION_HTTP_PORT: "8080" }).SITE_VERIFICATION_HTTP_PORT,
    ).toBe(8080);
    expect(loadConfig({ DNS_SERVERS: "127.0.0.1:5353, 9.9.9.9" }).DNS_SERVERS).toEqual([
      "127.0.0.1:5353",
      "9.9.9.9",
    ]);
  });
});

describe("sign-in providers", () => {
  it("are none by default, and Facebook needs its secret beside the SDK's app id", () => {
    expect(loadConfig({}).signInProviders).toEqual([]);
    expect(loadConfig({ FACEBOOK_APP_ID: "123" }).signInProviders).toEqual([]);
    expect(
      loadConfig({ FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "s" }).signInProviders.map((p) => p.id),
    ).toEqual(["facebook"]);
    expect(() => loadConfig({ FACEBOOK_APP_SECRET: "s" })).toThrow(/FACEBOOK_APP_ID/);
  });
  it("read any OIDC_<NAME>_* issuer, and name what half a provider lacks", () => {
    const [acme] = loadConfig({
      OIDC_ACME_ISSUER: "https://id.example.com",
      OIDC_ACME_CLIENT_ID: "id",
      OIDC_ACME_CLIENT_SECRET: "secret",
    }).signInProviders;
    expect(acme).toEqual({
      id: "acme",
      label: "Acme",
      protocol: "oidc",
      issuer: "https://id.example.com",
      clientId: "id",
      clientSecret: "secret",
    });
    expect(() => loadConfig({ OIDC_ACME_ISSUER: "https://id.example.com" })).toThrow(
      /OIDC_ACME_CLIENT_ID.*\n.*OIDC_ACME_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
  it("refuse a plain-http issuer in production", () => {
    const http = {
      OIDC_DEV_ISSUER: "http://127.0.0.1:4000",
      OIDC_DEV_CLIENT_ID: "i",
      OIDC_DEV_CLIENT_SECRET: "s",
    };
    expect(loadConfig(http).signInProviders).toHaveLength(1);
    expect(() => loadConfig({ ...http, NODE_ENV: "production" })).toThrow(
      /OIDC_DEV_ISSUER: must be an https URL/,
    );
  });
});

describe("several instances", () => {
  const production = {
    NODE_ENV: "production",
    DATABASE_URL: "postgres://x@localhost/db",
    JWT_SECRET: "a-secret-of-thirty-two-characters-or-more",
  };
  const s3 = {
    S3_BUCKET: "uploads",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_ENDPOINT: "http://127.0.0.1:9000",
  };

  it("refuses uploads on one instance's disk in production on a database server, unless told it is shared", () => {
    expect(() => loadConfig(production)).toThrow(/UPLOAD_DIR: with DATABASE_URL several instances/);
    expect(loadConfig({ ...production, UPLOAD_DIR_SHARED: "true" }).UPLOAD_DIR_SHARED).toBe(true);
    expect(loadConfig({ ...production, ...s3 }).S3_BUCKET).toBe("uploads");
    // The embedded database is one process by construction: its own disk is the store.
    expect(loadConfig({ NODE_ENV: "production" }).uploadDir).toBe("./data/uploads");
  });

  it("drains 5 s before stopping on a database server, not at all on the embedded one", () => {
    expect(loadConfig({ ...production, ...s3 }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...production, ...s3, SHUTDOWN_DRAIN_MS: "0" }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ DATABASE_POOL_SIZE: "25" }).DATABASE_POOL_SIZE).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("warns of mail on a disk in production and of limits per process", () => {
    const warnings = startupWarnings(loadConfig({ ...production, ...s3 })).join("\n");
    expect(warnings).toMatch(
      /SMTP_URL is not set: mail .* is written to \.\/data\/mail on this instance's disk/,
    );
    expect(warnings).toMatch(/REDIS_URL is not set: rate limits count per process/);
    expect(
      startupWarnings(
        loadConfig({ ...production, ...s3, SMTP_URL: "smtp://mail:25", REDIS_URL: "redis://redis:6379" }),
      ),
    ).toEqual([]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });
});
