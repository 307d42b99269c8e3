/**
 * Testimonials for local development only (`npm start`), labelled as examples in their own words
 * so that no one takes them for customers'. Production starts with none (decision 0026).
 */
export const EXAMPLE_TESTIMONIALS = [
  {
    quote: "Example testimonial, not a customer's words: the catalogs slowed down after about two months, as the site said they would.",
    displayName: "Example customer",
    city: "Springfield, IL",
  },
  {
    quote: "Example testimonial, not a customer's words: I like seeing where each request stands.",
    displayName: "Example customer",
    city: "Columbus, OH",
  },
  {
    quote: "Example testimonial, not a customer's words: the credit card offers stopped; the flyers for every house did not, as promised.",
    displayName: "Example customer",
    city: "Austin, TX",
  },
] as const;
