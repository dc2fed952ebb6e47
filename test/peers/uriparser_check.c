/* Peer for test/differential.test.ts: liburiparser (Debian liburiparser-dev), compiled by the test.
 * Reads lines of hex (the input's UTF-8 bytes) on standard input; writes one line per input: "1"
 * when uriParseSingleUriExA accepts the whole input as a URI-reference, "0" when it reports a syntax
 * error, "E <code>" otherwise. The input is passed with its length, so a NUL byte is data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uriparser/Uri.h>

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int main(void) {
  size_t cap = 0;
  char *line = NULL;
  ssize_t n;
  char *buf = NULL;
  size_t bufcap = 0;
  while ((n = getline(&line, &cap, stdin)) >= 0) {
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
    size_t len = (size_t)n / 2;
    if (len + 1 > bufcap) { bufcap = len + 1; buf = realloc(buf, bufcap); }
    for (size_t i = 0; i < len; i++) buf[i] = (char)(hexval(line[2 * i]) * 16 + hexval(line[2 * i + 1]));
    buf[len] = 0;
    UriUriA uri;
    const char *errorPos = NULL;
    int rc = uriParseSingleUriExA(&uri, buf, buf + len, &errorPos);
    if (rc == URI_SUCCESS) { puts("1"); uriFreeUriMembersA(&uri); }
    else if (rc == URI_ERROR_SYNTAX) puts("0");
    else printf("E %d\n", rc);
  }
  free(line);
  free(buf);
  return 0;
}
