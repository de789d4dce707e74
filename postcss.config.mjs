// Tailwind CSS v4 for the Next build (app/globals.css). scripts/build-css.mjs compiles the
// same stylesheet with the same plugin for the pages served outside React.
export default {
  plugins: { "@tailwindcss/postcss": {} },
};
