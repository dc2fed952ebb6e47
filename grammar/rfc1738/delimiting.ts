// rfc1738: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

export const DELIMITING: DelimitingRow = {
  summary:
    'Recommends "URL:" inside angle brackets, <URL:...>, neither part of the URL; a fragment goes inside the brackets; whitespace added to break a long URL is ignored; a hyphen at a line break may or may not belong (the seed is a Chinese translation).',
  quotes: [
    {
      section: "2.2 URL字符编码 (unsafe characters)",
      line: 97,
      text: "字符不安全的原因很多。空格字符就是不安全的,因为URL在被转录或者被排版或者被字处理程序处理后其中重要的空格可能被忽略,而可忽略的空格却有可能被解释了。“<”和“>”字符也是不安全的,因为它们被用来作为URL在文本中的分隔符;而在有些系统中用引号“\"”来界定URL。",
      gloss:
        'There are many reasons why characters are unsafe. The space character is unsafe because significant spaces may disappear and insignificant spaces may be introduced when URLs are transcribed, typeset or put through word processing. "<" and ">" are unsafe because they are used as the delimiters around URLs in free text; the quote mark """ is used to delimit URLs in some systems.',
    },
    {
      section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
      line: 609,
      text: "在有些情况下,有必要区分URL和语法结构中其他可能的数据结构。在这种情况下,建议在URL之前加上一个有字符“URL:”组成的前缀,这个前缀可以用来把URL和其它种类的URI区分开。",
      gloss:
        'In some cases it is necessary to distinguish URLs from other possible data structures in a syntactic structure. In this case it is recommended to put before the URL a prefix made of the characters "URL:"; this prefix can be used to distinguish URLs from other kinds of URI.',
    },
    {
      section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
      line: 613,
      text: "此外,其它种类的文字中包含URL的情况也很常见。例如包含在电子邮件中,USENET 新闻消息中或者印在纸上。在这些情况下,可以很方便的用一个单独的语法分隔符号来分隔URL并把它和文字的其它部分相分离。在一些特殊情况下,标点符号标记可能会造成URL的其它部分出错。因为这个原因,建议使用尖括号(“<”和“>”)并使用“URL:”前缀来界定URL。这些界定符号不会出现在URL中,也不应该出现在指定这个界定符的上下文中。",
      gloss:
        'Besides, URLs are often included in other kinds of text, for example in electronic mail, USENET news messages, or printed on paper. In these cases it is convenient to use a separate syntactic delimiter to delimit the URL and separate it from the rest of the text. In some particular cases punctuation marks may cause errors in the rest of the URL [the translation of "punctuation marks that might be mistaken for part of the URL"]. For this reason it is recommended to use angle brackets ("<" and ">") together with the "URL:" prefix to delimit the URL. These delimiters do not appear in the URL, and should not appear in contexts that specify their own delimiters.',
    },
    {
      section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
      line: 619,
      text: "在一个“片断/锚点”(fragment/anchor)标志符和一个URL(在一个“#”之后)相关联的情况下,这个标志符也应该放到括号中。",
      gloss: 'Where a "fragment/anchor" identifier is associated with a URL (after a "#"), the identifier should be put inside the brackets too.',
    },
    {
      section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
      line: 621,
      text: "在有些情况下,需要加一些额外的空白(空格,回车,制表符等)来打断那些超过一行的长URL。在提取URL时这些空白应该被忽略。",
      gloss: "In some cases extra whitespace (spaces, line breaks, tabs, etc.) has to be added to break a long URL across lines. This whitespace should be ignored when extracting the URL.",
    },
    {
      section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
      line: 623,
      text: "在连字符(“-”)后不应该加入空白。因为有些排字机和打印机在打断一行是可能会(错误地)在行末加入一个连字符,解释程序在解释一个在连字符后包含一个行中断的URL时应该忽略行中断左右所有未编码的空白,并且应该注意到连字符可能是也可能不是URL的一个部分。",
      gloss:
        'No whitespace should be added after a hyphen ("-"). Because some typesetters and printers may (wrongly) add a hyphen at the end of a line when breaking it, an interpreter reading a URL that contains a line break after a hyphen should ignore all unencoded whitespace around the line break, and should be aware that the hyphen may or may not be part of the URL.',
    },
  ],
  wrappers: { angle: true, quotes: true },
  urlPrefix: {
    status: "recommended",
    trailingSpace: false,
    note: 'rfc1738 Appendix: "URL:" is the recommended prefix (<URL:...>), not part of the URL',
  },
  whitespaceInAngle: "removed",
  hyphenAtLineBreak: "ambiguous",
  // The appendix puts the fragment inside the brackets, "associated with" the URL; the rfc1738
  // grammar has no fragment (httpurl stops before "#", an unsafe character).
  fragment: "separate",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: 'rfc1738 §2.2: "<", ">" and """ are unsafe, used to delimit URLs in text; no rule accepts them',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: "sentence punctuation: the rfc1738 appendix recommends wrappers because of punctuation marks (in the English original, \"punctuation marks that might be mistaken for part of the URL\")",
    excluded: "[\\]^`{|}~",
    excludedWhy: "never part of an rfc1738 URL: unsafe (§2.2) and `national` (§5), accepted by no rule",
  },
};
