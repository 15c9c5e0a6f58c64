/** `text` as part of a regular expression that matches it and nothing else: every character a pattern reads specially, escaped */
export const literalPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
