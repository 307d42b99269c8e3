/*
 * The photo form of /requests/photo: the browser makes each photo smaller before it is sent (long
 * side 1600 px, JPEG), and shows how far the upload has come. The page works without this file:
 * the form posts the photos as they are, and the server never depends on what is done here.
 * Written for old browsers too: no modules, no build step.
 */
(function () {
  var form = document.querySelector("form[data-photo-upload]");
  var canvas = document.createElement("canvas");
  if (!form || !window.FormData || !window.XMLHttpRequest || !canvas.toBlob || !window.URL) return;
  var input = form.querySelector("input[type=file]");
  var status = form.querySelector("[data-photo-progress]");
  var button = form.querySelector("button[type=submit]");
  var LONG_SIDE = 1600;
  var sending = false;

  function say(text) {
    status.hidden = false;
    status.textContent = text;
  }

  // createImageBitmap turns the photo upright as the camera held it; older browsers draw an <img>.
  function loadImage(file, done) {
    if (window.createImageBitmap) {
      return createImageBitmap(file).then(
        function (bitmap) {
          done({ image: bitmap, width: bitmap.width, height: bitmap.height });
        },
        function () {
          done(null);
        },
      );
    }
    var url = URL.createObjectURL(file);
    var image = new Image();
    image.onload = function () {
      URL.revokeObjectURL(url);
      done({ image: image, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = function () {
      URL.revokeObjectURL(url);
      done(null);
    };
    image.src = url;
  }

  // The photo as a JPEG of at most LONG_SIDE pixels, or the file itself when that cannot be done.
  function shrink(file, done) {
    if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return done(file);
    loadImage(file, function (loaded) {
      if (!loaded) return done(file);
      var scale = Math.min(1, LONG_SIDE / Math.max(loaded.width, loaded.height));
      canvas.width = Math.round(loaded.width * scale);
      canvas.height = Math.round(loaded.height * scale);
      canvas.getContext("2d").drawImage(loaded.image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        function (blob) {
          if (!blob || blob.size >= file.size) return done(file);
          done(new File([blob], file.name.replace(/\.[^.]*$/, "") + ".jpg", { type: "image/jpeg" }));
        },
        "image/jpeg",
        0.85,
      );
    });
  }

  function send(files) {
    var data = new FormData();
    for (var i = 0; i < files.length; i++) data.append(input.name, files[i], files[i].name);
    var request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.upload.onprogress = function (event) {
      if (event.lengthComputable) say("Sending your photo: " + Math.round((event.loaded / event.total) * 100) + "%");
    };
    request.onload = function () {
      // Stored: the post redirected to the photo's page. Refused: the answer is the form with its message.
      if (request.responseURL && request.responseURL.split("#")[0] !== form.action) {
        window.location.assign(request.responseURL);
      } else {
        document.open();
        document.write(request.responseText);
        document.close();
      }
    };
    request.onerror = request.onabort = function () {
      sending = false;
      button.disabled = false;
      say("The upload was interrupted. Check your connection and send the photo again.");
    };
    request.send(data);
  }

  form.addEventListener("submit", function (event) {
    var chosen = input.files ? Array.prototype.slice.call(input.files) : [];
    if (chosen.length === 0 || !window.File) return; // the server says what is missing
    event.preventDefault();
    if (sending) return;
    sending = true;
    button.disabled = true;
    say("Making your photo smaller for a quick upload…");
    var ready = [];
    (function next(index) {
      if (index === chosen.length) return send(ready);
      shrink(chosen[index], function (file) {
        ready.push(file);
        next(index + 1);
      });
    })(0);
  });
})();
