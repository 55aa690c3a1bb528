// hexref reader pad: a low tray holding the Pico perfboard and the PN532 module under a
// thin lid, with a hexagon showing where to lay a tile, the two player buttons, the status
// light, and openings for the USB cable and the die socket.
//
// Print the tray and the lid flat (part = "tray" or "lid"), 0.2 mm layers, no supports.
// The lid over the antenna is only `lid` thick: the PN532 reads NTAG213 at 3-5 cm, and a
// tile's on-metal tag adds about 1 mm, so 2 mm of PLA costs little range.
//
// Sizes in mm. Measure your modules: clones differ by a millimetre or two.

part = "both";           // "tray", "lid" or "both" (side by side, for the preview)

pn532 = [43, 41, 1.6];   // PN532 V3 board (antenna side up)
board = [70, 50, 1.6];   // perfboard carrying the Pico
wall = 2.0;
lid = 2.0;               // over the antenna: keep it thin
depth = 22;              // inside height: Pico on headers, tallest part on the perfboard
gap = 6;                 // between the two boards
button_d = 12.4;         // 12 mm panel buttons
led_d = 5.2;
usb = [12, 8];           // micro-USB plug body
socket = [12, 7];        // JST XH 4-pin socket, seen from outside
hex_flats = 40;          // the "tap here" hexagon, across flats

inside = [pn532[0] + gap + board[0] + 8, max(pn532[1], board[1]) + 16, depth];
outside = [inside[0] + 2 * wall, inside[1] + 2 * wall, inside[2] + wall];
pn532_at = [wall + 4, wall + (inside[1] - pn532[1]) / 2];
centre = [pn532_at[0] + pn532[0] / 2, pn532_at[1] + pn532[1] / 2];

module rounded_box(size, r = 3) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2], $fn = 32);
}

module standoffs(at, size, h = 4, d = 5, hole = 2.2) {
    for (x = [at[0] + 3, at[0] + size[0] - 3], y = [at[1] + 3, at[1] + size[1] - 3])
        translate([x, y, wall]) difference() {
            cylinder(d = d, h = h, $fn = 24);
            cylinder(d = hole, h = h + 1, $fn = 16);
        }
}

module tray() {
    difference() {
        rounded_box(outside);
        translate([wall, wall, wall]) cube([inside[0], inside[1], outside[2]]);
        // USB cable out of the right end, at the Pico's height
        translate([outside[0] - wall - 1, outside[1] / 2 - usb[0] / 2, wall + 6])
            cube([wall + 2, usb[0], usb[1]]);
        // die socket in the back wall
        translate([outside[0] - 30, outside[1] - wall - 1, wall + 6])
            cube([socket[0], wall + 2, socket[1]]);
    }
    standoffs(pn532_at, pn532, h = depth - pn532[2] - 1);  // antenna right under the lid
    standoffs([pn532_at[0] + pn532[0] + gap, wall + (inside[1] - board[1]) / 2], board);
}

module hexagon(flats, h) {
    cylinder(d = flats / cos(30), h = h, $fn = 6);
}

module lid_plate() {
    difference() {
        union() {
            rounded_box([outside[0], outside[1], lid]);
            // a lip that drops inside the tray walls
            translate([wall + 0.3, wall + 0.3, -2])
                cube([inside[0] - 0.6, inside[1] - 0.6, 2]);
        }
        translate([wall + 1.5, wall + 1.5, -3]) cube([inside[0] - 3, inside[1] - 3, 3]);
        // the tap target, 0.6 mm deep, over the antenna
        translate([centre[0], centre[1], lid - 0.6]) rotate(30) hexagon(hex_flats, 1);
        // buttons A (left, player A's side) and B (right), and the status light
        for (x = [outside[0] - 45, outside[0] - 15])
            translate([x, 14, -1]) cylinder(d = button_d, h = lid + 2, $fn = 48);
        translate([outside[0] - 30, outside[1] - 12, -1]) cylinder(d = led_d, h = lid + 2, $fn = 32);
    }
}

if (part == "tray" || part == "both") tray();
if (part == "lid") lid_plate();
if (part == "both") translate([0, outside[1] + 10, 0]) lid_plate();
