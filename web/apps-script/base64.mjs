// Base64 to bytes, for hosts without atob (Google Apps Script's Utilities
// has one, but returns signed bytes and exists only there).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The bytes of a base64 text (padding optional; anything else is an error). */
export function base64Bytes (text) {
  const value = new Int16Array(128).fill(-1)
  for (let k = 0; k < 64; k++) value[ALPHABET.charCodeAt(k)] = k
  const s = text.replace(/=+$/, '')
  const out = new Uint8Array(Math.floor(s.length * 3 / 4))
  let bits = 0
  let have = 0
  let o = 0
  for (let i = 0; i < s.length; i++) {
    const v = value[s.charCodeAt(i)] ?? -1
    if (v < 0) throw new Error(`not base64 at character ${i + 1}`)
    bits = (bits << 6) | v
    have += 6
    if (have >= 8) {
      have -= 8
      out[o++] = (bits >> have) & 255
    }
  }
  return out
}
