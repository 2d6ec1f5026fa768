/** Stands for an operation's configured price in a description; replaced when the schema is built for a price list (./index.ts). */
export const priceToken = (operation: string): string => `⟦price:${operation}⟧`;
export const PRICE_TOKEN = /⟦price:([^⟧]+)⟧/g;
