/*
 * The reading page of a photo of mail: asks every two seconds whether the reading is done, and
 * shows the result when it is. Without this file, "Check again" does the same by hand.
 */
(function () {
  var reading = document.querySelector("[data-photo-reading]");
  if (!reading || !window.fetch) return;
  var endpoint = reading.getAttribute("data-photo-reading");
  var tries = 0;
  function check() {
    tries += 1;
    fetch(endpoint, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (answer) {
        if (answer && answer.state !== "reading") window.location.reload();
        else if (tries < 90) setTimeout(check, 2000);
      })
      .catch(function () {
        if (tries < 90) setTimeout(check, 4000);
      });
  }
  setTimeout(check, 1500);
})();
