/** "1 message", "2,006 messages": en-US thousands separators and the plural of a regular noun. */
export const counted = (n: number, noun: string, plural = `${noun}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? noun : plural}`;
