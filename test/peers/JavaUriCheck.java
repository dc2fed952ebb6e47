// Peer for test/differential.test.ts: java.net.URI (the JDK), which implements RFC 2396 with the
// deviations its documentation lists. Run as `java JavaUriCheck.java` (the single-file launcher).
// Reads lines of hex (the input's UTF-8) on standard input; writes one line per input: "1" when
// new URI(input) succeeds, "0" on URISyntaxException, "E <why>" otherwise.
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public class JavaUriCheck {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII));
    String line;
    while ((line = in.readLine()) != null) {
      byte[] bytes = new byte[line.length() / 2];
      for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) Integer.parseInt(line.substring(2 * i, 2 * i + 2), 16);
      String text = new String(bytes, StandardCharsets.UTF_8);
      try {
        new URI(text);
        out.write("1\n");
      } catch (URISyntaxException e) {
        out.write("0\n");
      } catch (RuntimeException e) {
        out.write("E " + e.getClass().getName() + "\n");
      }
    }
    out.flush();
  }
}
