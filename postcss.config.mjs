// Tailwind CSS v4 for the Next build (app/checkout.css and app/merchant/console.css, on the theme of
// app/globals.css). scripts/build-css.mjs compiles the payer's sheet with the same plugin for the pages served outside React.

export default {
  plugins: { "@tailwindcss/postcss": {} },
};
