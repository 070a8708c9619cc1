/** punycode.js ships no types; the two functions the address rules use. */
declare module "punycode.js" {
  const punycode: {
    /** Unicode code points from a punycode string (without `xn--`); throws RangeError on bad input. */
    decode(input: string): string;
    encode(input: string): string;
  };
  export default punycode;
}
