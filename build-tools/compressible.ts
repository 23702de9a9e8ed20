// What the build compresses and the server sends by Accept-Encoding (fonts in woff2 and images are compressed
// already): one pattern for build-tools/precompress.ts and server/http.ts, so the server imports no build code.
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
