// The async boundary: shared singletons are negotiated before any React code runs (RUNTIME-006 otherwise).
void import('./bootstrap');

export {};
