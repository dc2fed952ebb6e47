// Adapter for `uri-grammars audit` (docs/conformance.md): java.net.URI of the JDK (Debian: apt-get
// install openjdk-17-jdk-headless), which implements RFC 2396 with RFC 2732's brackets and the
// deviations its documentation lists. Run by the JDK's single-file launcher:
//
//   npx uri-grammars audit --spec draft-1997 -- java adapters/JavaNetUri.java
//
// A reference is valid when new URI(input) succeeds (as in the differential tests:
// docs/differential.md); its components are the raw ones (getRawPath ...; an opaque URI's path is
// its scheme-specific part). Protocol (URI_GRAMMARS_PROTOCOL, set by the audit): "text", one input
// per line; or "json", one request per line (a small reader below takes its string fields).
// "components" (uri-grammars confusion) is answered as a check: new URI() reads only what it
// accepts. Answers, one line each, flushed at once.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public class JavaNetUri {
  static String json(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  /** The value of a string field of a JSON request, or null. */
  static String field(String line, String key) {
    String pattern = "\"" + key + "\":\"";
    int i = line.indexOf(pattern);
    if (i < 0) return null;
    StringBuilder b = new StringBuilder();
    for (i += pattern.length(); i < line.length() && line.charAt(i) != '"'; i++) {
      char c = line.charAt(i);
      if (c != '\\') { b.append(c); continue; }
      char e = line.charAt(++i);
      switch (e) {
        case 'n': b.append('\n'); break;
        case 'r': b.append('\r'); break;
        case 't': b.append('\t'); break;
        case 'b': b.append('\b'); break;
        case 'f': b.append('\f'); break;
        case 'u': b.append((char) Integer.parseInt(line.substring(i + 1, i + 5), 16)); i += 4; break;
        default: b.append(e);
      }
    }
    return b.toString();
  }

  static String check(String text) {
    URI u;
    try {
      u = new URI(text);
    } catch (URISyntaxException e) {
      return "{\"verdict\":\"invalid\"}";
    }
    String path = u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath();
    String port = u.getPort() < 0 ? null : Integer.toString(u.getPort());
    return "{\"verdict\":\"valid\",\"components\":{\"scheme\":" + json(u.getScheme()) + ",\"userinfo\":" + json(u.getRawUserInfo()) + ",\"host\":" + json(u.getHost())
        + ",\"port\":" + json(port) + ",\"path\":" + json(path == null ? "" : path) + ",\"query\":" + json(u.isOpaque() ? null : u.getRawQuery()) + ",\"fragment\":" + json(u.getRawFragment()) + "}}";
  }

  static String answer(String line, boolean asJson) throws Exception {
    if (!asJson) return check(line);
    String op = field(line, "op");
    String input = field(line, "input");
    if ("check".equals(op)) return line.contains("\"top\":true") ? check(input) : "skip";
    if ("components".equals(op)) return check(input);
    if ("resolve".equals(op)) return "{\"result\":" + json(new URI(field(line, "base")).resolve(new URI(input)).toString()) + "}";
    if ("normalize".equals(op) && line.contains("\"level\":\"syntax\"")) return "{\"result\":" + json(new URI(input).normalize().toString()) + "}";
    return "skip";
  }

  public static void main(String[] args) throws Exception {
    boolean asJson = "json".equals(System.getenv("URI_GRAMMARS_PROTOCOL"));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    String line;
    while ((line = in.readLine()) != null) {
      String a;
      try {
        a = answer(line, asJson);
      } catch (Exception e) {
        a = "{\"error\":" + json(e.getClass().getName() + ": " + e.getMessage()) + "}";
      }
      out.print(a + "\n");
      out.flush();
    }
  }
}
