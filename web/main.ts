document.title = "Hearts";
