/** How the people of `npm run demo` sign in (also read by the browser tests, hence its own file). */
export const DEMO_PASSWORD = "Flipside-demo-1!";

export const demoEmail = (key: string) => `${key}.demo@example.com`;
