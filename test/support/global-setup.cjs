// A fixed time zone so dates render the same on every machine.
module.exports = async () => {
  process.env.TZ = 'UTC';
};
