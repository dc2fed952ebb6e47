/* Adapter for `uri-grammars audit` (docs/conformance.md): liburiparser (Debian: apt-get install
 * liburiparser-dev gcc). Build it, then audit it:
 *
 *   cc -O1 -o /tmp/liburiparser adapters/liburiparser.c -luriparser
 *   npx uri-grammars audit --spec rfc3986 -- /tmp/liburiparser
 *
 * A reference is judged as the differential tests judge it (docs/differential.md):
 * uriParseSingleUriExA accepts the whole input as a URI-reference. The input is passed with its
 * length, so a NUL byte is data.
 * Protocol (URI_GRAMMARS_PROTOCOL, set by the audit): "text", one input per line; or "json", one
 * request per line, {"op": "check"|"resolve"|"normalize", "input": ..., "top", "base", "level"}
 * (a small reader below takes the string fields); "components" (uri-grammars confusion) is answered
 * as a check (the parser reads only what it accepts). Answers, one line each, flushed at once:
 * {"verdict": ..., "components": {...}}, {"result": ...}, or skip. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uriparser/Uri.h>

/* ---- output: a JSON string of bytes (UTF-8 passes through; controls, quote, backslash escaped) ---- */
static void put_json_bytes(const char *first, const char *after) {
  putchar('"');
  for (const char *p = first; p < after; p++) {
    unsigned char c = (unsigned char)*p;
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c < 0x20 || c == 0x7f) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

static void put_range(const char *name, const UriTextRangeA *r, int comma) {
  printf("%s\"%s\":", comma ? "," : "", name);
  if (r->first == NULL) printf("null");
  else put_json_bytes(r->first, r->afterLast);
}

/* ---- input: the value of a string field of a JSON request, decoded to UTF-8 (malloc'd) ---- */
static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static unsigned read_u4(const char *p) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) v = v * 16 + (unsigned)hexval(p[i]);
  return v;
}

static size_t put_utf8(char *out, unsigned cp) {
  if (cp < 0x80) { out[0] = (char)cp; return 1; }
  if (cp < 0x800) { out[0] = (char)(0xc0 | cp >> 6); out[1] = (char)(0x80 | (cp & 0x3f)); return 2; }
  if (cp < 0x10000) { out[0] = (char)(0xe0 | cp >> 12); out[1] = (char)(0x80 | ((cp >> 6) & 0x3f)); out[2] = (char)(0x80 | (cp & 0x3f)); return 3; }
  out[0] = (char)(0xf0 | cp >> 18); out[1] = (char)(0x80 | ((cp >> 12) & 0x3f)); out[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); out[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

/* Null when the field is absent or not a string; *len gets the byte length. */
static char *json_field(const char *line, const char *key, size_t *len) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
  const char *p = strstr(line, pattern);
  if (!p) return NULL;
  p += strlen(pattern);
  char *out = malloc(strlen(p) * 4 + 1);
  size_t n = 0;
  while (*p && *p != '"') {
    if (*p != '\\') { out[n++] = *p++; continue; }
    p++;
    switch (*p) {
      case 'n': out[n++] = '\n'; p++; break;
      case 'r': out[n++] = '\r'; p++; break;
      case 't': out[n++] = '\t'; p++; break;
      case 'b': out[n++] = '\b'; p++; break;
      case 'f': out[n++] = '\f'; p++; break;
      case 'u': {
        unsigned cp = read_u4(p + 1);
        p += 5;
        if (cp >= 0xd800 && cp < 0xdc00 && p[0] == '\\' && p[1] == 'u') {
          unsigned lo = read_u4(p + 2);
          if (lo >= 0xdc00 && lo < 0xe000) { cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00); p += 6; }
        }
        n += put_utf8(out + n, cp);
        break;
      }
      default: out[n++] = *p++; break; /* \" \\ \/ */
    }
  }
  out[n] = 0;
  *len = n;
  return out;
}

/* ---- the three operations ---- */
static void check(const char *text, size_t len) {
  UriUriA uri;
  const char *errorPos = NULL;
  int rc = uriParseSingleUriExA(&uri, text, text + len, &errorPos);
  if (rc == URI_ERROR_SYNTAX) { puts("{\"verdict\":\"invalid\"}"); return; }
  if (rc != URI_SUCCESS) { printf("{\"error\":\"uriParseSingleUriExA returned %d\"}\n", rc); return; }
  printf("{\"verdict\":\"valid\",\"components\":{");
  put_range("scheme", &uri.scheme, 0);
  put_range("userinfo", &uri.userInfo, 1);
  /* hostText leaves out the brackets of an IP-literal; the component has them. */
  printf(",\"host\":");
  if (uri.hostText.first == NULL) printf("null");
  else if (uri.hostData.ip6 != NULL || uri.hostData.ipFuture.first != NULL) put_json_bytes(uri.hostText.first - 1, uri.hostText.afterLast + 1);
  else put_json_bytes(uri.hostText.first, uri.hostText.afterLast);
  put_range("port", &uri.portText, 1);
  put_range("query", &uri.query, 1);
  put_range("fragment", &uri.fragment, 1);
  printf("}}\n");
  uriFreeUriMembersA(&uri);
}

static int parse_whole(UriUriA *uri, const char *text) {
  const char *errorPos = NULL;
  return uriParseSingleUriExA(uri, text, text + strlen(text), &errorPos);
}

static void print_uri(UriUriA *uri) {
  int chars = 0;
  if (uriToStringCharsRequiredA(uri, &chars) != URI_SUCCESS) { puts("{\"error\":\"uriToStringCharsRequiredA failed\"}"); return; }
  char *s = malloc((size_t)chars + 1);
  uriToStringA(s, uri, chars + 1, NULL);
  printf("{\"result\":");
  put_json_bytes(s, s + strlen(s));
  printf("}\n");
  free(s);
}

static void resolve(const char *base, const char *ref) {
  UriUriA b, r, out;
  if (parse_whole(&b, base) != URI_SUCCESS) { puts("{\"error\":\"the base does not parse\"}"); return; }
  if (parse_whole(&r, ref) != URI_SUCCESS) { uriFreeUriMembersA(&b); puts("{\"error\":\"the reference does not parse\"}"); return; }
  if (uriAddBaseUriA(&out, &r, &b) == URI_SUCCESS) { print_uri(&out); uriFreeUriMembersA(&out); }
  else puts("{\"error\":\"uriAddBaseUriA failed\"}");
  uriFreeUriMembersA(&b);
  uriFreeUriMembersA(&r);
}

static void normalize(const char *text) {
  UriUriA uri;
  if (parse_whole(&uri, text) != URI_SUCCESS) { puts("{\"error\":\"the input does not parse\"}"); return; }
  if (uriNormalizeSyntaxA(&uri) == URI_SUCCESS) print_uri(&uri);
  else puts("{\"error\":\"uriNormalizeSyntaxA failed\"}");
  uriFreeUriMembersA(&uri);
}

int main(void) {
  const char *protocol = getenv("URI_GRAMMARS_PROTOCOL");
  int json = protocol != NULL && strcmp(protocol, "json") == 0;
  size_t cap = 0;
  char *line = NULL;
  ssize_t n;
  while ((n = getline(&line, &cap, stdin)) >= 0) {
    if (n > 0 && line[n - 1] == '\n') line[--n] = 0;
    if (!json) {
      check(line, (size_t)n);
    } else {
      size_t len = 0, blen = 0;
      char *op = json_field(line, "op", &len);
      char *input = json_field(line, "input", &len);
      if (!op || !input) puts("{\"error\":\"a request without op or input\"}");
      else if ((strcmp(op, "check") == 0 && strstr(line, "\"top\":true")) || strcmp(op, "components") == 0) check(input, len);
      else if (strcmp(op, "resolve") == 0) {
        char *base = json_field(line, "base", &blen);
        if (base) resolve(base, input); else puts("skip");
        free(base);
      } else if (strcmp(op, "normalize") == 0 && strstr(line, "\"level\":\"syntax\"")) normalize(input);
      else puts("skip");
      free(op);
      free(input);
    }
    fflush(stdout);
  }
  free(line);
  return 0;
}
