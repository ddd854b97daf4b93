/** Writes .br and .gz next to each compressible file of a build that lacks fresh ones; answers how many it wrote. */
export function precompressDir(dir: string): Promise<number>;
