// The part of the `zipcodes` package (plain JavaScript, no types of its own) the text reader uses.
declare module "zipcodes" {
  const zipcodes: { lookup(zip: string): { zip: string; city: string; state: string } | undefined };
  export default zipcodes;
}
