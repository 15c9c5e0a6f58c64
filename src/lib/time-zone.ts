/** The business's clock: every day and time the owner and his customers see is New Zealand's */
export const TIME_ZONE = 'Pacific/Auckland';
