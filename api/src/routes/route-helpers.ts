import { errorBody } from '@portal/contract';

/** Error answers for the OpenAPI page: every listed status answers `{ statusCode, error }`. */
export function errorResponses(...codes: number[]): Record<number, typeof errorBody> {
  return Object.fromEntries(codes.map((code) => [code, errorBody]));
}
