// TextEncoder and TextDecoder for hosts without them (Google Apps Script):
// UTF-8 only, encode(), encodeInto() and decode(), which is all the library calls. Bad
// bytes decode to U+FFFD; a lone surrogate encodes as U+FFFD, as the real
// ones do.

export class TextEncoder {
  get encoding () { return 'utf-8' }

  encode (text = '') {
    const s = String(text)
    const out = []
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i)
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1)
        if (d >= 0xdc00 && d <= 0xdfff) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++ }
      }
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd // a lone surrogate
      if (c < 0x80) out.push(c)
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    }
    return new Uint8Array(out)
  }

  /** As the real one: the whole characters that fit into dest, { read (UTF-16 units), written (bytes) }. */
  encodeInto (text, dest) {
    const s = String(text)
    let read = 0
    let written = 0
    while (read < s.length) {
      const c = s.charCodeAt(read)
      const pair = c >= 0xd800 && c <= 0xdbff && read + 1 < s.length && s.charCodeAt(read + 1) >= 0xdc00 && s.charCodeAt(read + 1) <= 0xdfff
      const bytes = this.encode(s.slice(read, read + (pair ? 2 : 1)))
      if (written + bytes.length > dest.length) break
      dest.set(bytes, written)
      written += bytes.length
      read += pair ? 2 : 1
    }
    return { read, written }
  }
}

export class TextDecoder {
  get encoding () { return 'utf-8' }

  decode (bytes = new Uint8Array(0)) {
    const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength)
    let s = ''
    let i = 0
    while (i < b.length) {
      const c = b[i]
      const [need, min] = c < 0x80 ? [0, 0] : c >= 0xc2 && c < 0xe0 ? [1, 0x80] : c >= 0xe0 && c < 0xf0 ? [2, 0x800] : c >= 0xf0 && c < 0xf5 ? [3, 0x10000] : [-1, 0]
      if (need < 0) { s += '\ufffd'; i++; continue }
      let cp = need === 0 ? c : c & (0x3f >> need)
      let k = 1
      for (; k <= need; k++) {
        const d = b[i + k]
        if (d === undefined || (d & 0xc0) !== 0x80) break
        cp = (cp << 6) | (d & 63)
      }
      if (k <= need) { s += '\ufffd'; i += k; continue } // cut short
      if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) { s += '\ufffd'; i += k; continue }
      s += String.fromCodePoint(cp)
      i += need + 1
    }
    return s
  }
}
