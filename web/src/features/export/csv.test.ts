import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, toCsv, type CsvColumn } from "./csv";

describe("csvCell", () => {
  it("quotes every cell and doubles double quotes", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b\r\nc")).toBe('"a,b\r\nc"');
    expect(csvCell("")).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("neutralises cells a spreadsheet would run as formulas (OWASP CSV injection)", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const cell of ["+SUM(A1)", "-A1", "+1+cmd|' /C calc'!A0", "-2+3*cmd", "+", "-", "+ ", "-@A1", "+44 20 7946 0958 ext=1"]) {
      expect(csvCell(cell), cell).toBe(`"'${cell.replace(/"/g, '""')}"`);
    }
    // Only the first character counts.
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell(" =1")).toBe('" =1"');
  });

  it("leaves phone numbers and signed numbers as they are: without letters a cell can call nothing", () => {
    for (const phone of ["+44 20 7946 0958", "+1 (555) 014-2290", "+33.1.23.45.67.89", "-5", "-12.50", "+49-30-1234567"]) {
      expect(csvCell(phone), phone).toBe(`"${phone}"`);
    }
    // = and @ are always formulas, whatever follows.
    expect(csvCell("=1")).toBe(`"'=1"`);
    expect(csvCell("@44")).toBe(`"'@44"`);
  });
});

describe("toCsv", () => {
  interface Row {
    name: string;
    note: string;
  }
  const columns: CsvColumn<Row>[] = [
    { header: "Name", value: (r) => r.name },
    { header: "Note", value: (r) => r.note },
  ];

  it("writes a quoted header and one CRLF-ended line per row", () => {
    expect(
      toCsv(columns, [
        { name: "Ada", note: 'said "yes"' },
        { name: "-Bob", note: "" },
      ]),
    ).toBe('"Name","Note"\r\n"Ada","said ""yes"""\r\n"\'-Bob",""\r\n');
  });

  it("is only the header for no rows", () => {
    expect(toCsv(columns, [])).toBe('"Name","Note"\r\n');
  });
});

describe("csvFileName", () => {
  it("appends the local date as YYYY-MM-DD", () => {
    expect(csvFileName("contact-messages", new Date(2026, 0, 5, 23, 59))).toBe("contact-messages-2026-01-05.csv");
    expect(csvFileName("course-registrations", new Date(2026, 10, 21))).toBe("course-registrations-2026-11-21.csv");
  });
});
