// The zipcodes package ships no types; these are the calls used here.
declare module 'zipcodes' {
  export interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipInfo | undefined;
  export function lookupByName(city: string, state: string): ZipInfo[];
  const zipcodes: { lookup: typeof lookup; lookupByName: typeof lookupByName };
  export default zipcodes;
}
