// Minimal typings for the parts of astronomia (dev dependency, build-time ephemeris) this project calls.
declare module 'astronomia' {
  export interface Coord {
    lon: number;
    lat: number;
    range: number;
  }
  export const planetposition: {
    Planet: new (data: unknown) => { position(jde: number): Coord };
  };
  export const solar: {
    apparentVSOP87(planet: { position(jde: number): Coord }, jde: number): Coord;
  };
  export const eqtime: {
    /** Equation of time (apparent − mean) as an hour angle in radians. */
    e(jde: number, earth: { position(jde: number): Coord }): number;
  };
}
declare module 'astronomia/data/vsop87Dearth' {
  const data: unknown;
  export default data;
}
declare module 'astronomia/data/deltat' {
  interface DeltaTTable {
    first: number;
    last: number;
    table: number[];
  }
  const deltat: { historic: DeltaTTable; data: DeltaTTable; prediction: DeltaTTable };
  export default deltat;
}
declare module 'astronomia' {
  export const deltat: {
    /** ΔT = TT − UT in seconds for a decimal year. */
    deltaT(decimalYear: number): number;
  };
}
declare module 'astronomia' {
  export const elp: {
    Moon: new (data: unknown) => { position(jde: number): Coord; lightTime(jde: number): number };
  };
  export const moonphase: {
    /** Meeus ch. 49: the JDE (TT) of the new moon nearest a decimal year. */
    newMoon(decimalYear: number): number;
  };
  export const nutation: {
    /** [Δψ, Δε] in radians. */
    nutation(jde: number): [number, number];
  };
}
declare module 'astronomia/data/elpMppDeFull' {
  const data: unknown;
  export default data;
}
